import { Room, RoomEvent } from 'livekit-client';

const statusLine = document.querySelector('#status')!;
const showStatus = (text: string) => {
  statusLine.textContent = text;
};

const room = new Room();
room.on(RoomEvent.DataReceived, (payload, _participant, _kind, topic) => {
  if (topic !== 'loading-status') return;
  const status = JSON.parse(new TextDecoder().decode(payload)); // { type, text }
  showStatus(status.text);
});
