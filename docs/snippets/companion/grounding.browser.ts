import { Room, RoomEvent } from 'livekit-client';

/** Where the app shows "grounded in: …" under the bot's last reply (here: one element of the page). */
const footer = document.querySelector('#grounding')!;
function showFooterUnderLastReply(text: string, sources: { urls: string[] }[]) {
  footer.textContent = `${text} · ${sources.flatMap((s) => s.urls).length} pages`;
}

const room = new Room(); // then room.connect(url, token), as your app joins the agent's room
room.on(RoomEvent.DataReceived, (payload, _participant, _kind, topic) => {
  if (topic !== 'grounding') return;
  const { text, sources } = JSON.parse(new TextDecoder().decode(payload));
  // text: 'grounded in: web search for "bitcoin price" (coinmarketcap.com, reuters.com)'
  // sources: [{ query, provider, urls, domains, at, learned? }, ...]
  showFooterUnderLastReply(text, sources);
});
