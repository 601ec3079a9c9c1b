import { vqdFor } from '@agent-search/provider-duckduckgo/testing';
import type { ProviderSimulator } from '@agent-search/testing/simulator';

/**
 * Web results as DuckDuckGo's d.js sends them, written for the benchmarks (not captured) in the shape of
 * real d.js answers: titles as plain text with HTML entities and no highlighting, snippets with the
 * query's words in `<b>` and entities (`&#x27;`, `&quot;`, `&amp;`), long paths, Bing's trailing
 * "...", a `b` site-link triple on some results. The simulator's own pages bold the query in titles
 * too, which real answers never do. `dJsAnswer` wraps them in the envelope around them.
 */

/** The fields of one d.js web result we write by hand; `dJsAnswer` adds the ones DuckDuckGo repeats. */
export interface DJsResult {
  /** Title: escaped text, never highlighted. */
  t: string;
  /** Snippet: escaped text with `<b>` around the query's words. */
  a: string;
  u: string;
  /** "prefix\tSite Name\thost" for sites with a bang. */
  b?: string;
  /** Instant-answer ids that also matched the result, comma-separated. */
  da?: string;
  /** Bing's timestamp, for dated pages. */
  e?: string;
}

export interface DuckDuckGoAnswer {
  query: string;
  results: DJsResult[];
}

export const DUCKDUCKGO_ANSWERS: readonly DuckDuckGoAnswer[] = [
  {
    query: 'python asyncio timeout',
    results: [
      {
        t: 'Coroutines and Tasks — Python 3.13.1 documentation',
        a: 'This section outlines high-level <b>asyncio</b> APIs to work with coroutines and Tasks. Coroutines, Awaitables, Creating Tasks, Task Cancellation, Task Groups, Sleeping, Running Tasks Concurrently, Eager Task Factory, Shielding From Cancellation, <b>Timeouts</b>, Waiting Primitives, Running in Threads ...',
        u: 'https://docs.python.org/3/library/asyncio-task.html',
        b: 'py\tPython Documentation\tdocs.python.org',
        da: 'python_docs',
      },
      {
        t: 'python - asyncio.wait_for() vs asyncio.timeout() - which one should I use? - Stack Overflow',
        a: 'Since <b>Python</b> 3.11 the <b>asyncio</b>.<b>timeout</b>() context manager is the recommended way: it cancels the current task when the deadline passes and turns the CancelledError into a TimeoutError on exit. wait_for() wraps a single awaitable in a new task, which adds overhead and has had subtle bugs with cancellation ...',
        u: 'https://stackoverflow.com/questions/75837513/asyncio-wait-for-vs-asyncio-timeout-which-one-should-i-use',
        b: 'so\tStack Overflow\tstackoverflow.com',
      },
      {
        t: 'asyncio.timeout() in Python - Super Fast Python',
        a: 'You can wait for <b>asyncio</b> tasks to complete with a <b>timeout</b> via the <b>asyncio</b>.<b>timeout</b>() context manager. It was added in <b>Python</b> 3.11 and will cancel any coroutine awaited within its block if the deadline elapses, raising a TimeoutError that you can catch. In this tutorial, you will discover how to use it.',
        u: 'https://superfastpython.com/asyncio-timeout/',
        e: '2024-01-08T00:00:00.0000000',
      },
      {
        t: 'How to Use Timeouts in Python asyncio | Real Python',
        a: 'Mar 12, 2024 · Setting a <b>timeout</b> on network calls is the first line of defence against a hung server. In this tutorial you&#x27;ll learn the difference between <b>asyncio</b>.wait_for(), <b>asyncio</b>.<b>timeout</b>() and <b>asyncio</b>.<b>timeout</b>_at(), and how to reschedule a deadline that is already running.',
        u: 'https://realpython.com/python-asyncio-timeouts/',
        e: '2024-03-12T00:00:00.0000000',
      },
      {
        t: 'gh-90927: Add asyncio.timeout() and asyncio.timeout_at() · Pull Request #31394 · python/cpython',
        a: 'This PR adds the <b>timeout</b>() and <b>timeout</b>_at() async context managers, modelled on the async-timeout package and trio&#x27;s move_on_after. The deadline can be rescheduled with Timeout.reschedule(), and nested <b>timeouts</b> now propagate cancellation correctly ...',
        u: 'https://github.com/python/cpython/pull/31394',
        b: 'gh\tGitHub\tgithub.com',
      },
      {
        t: 'Python asyncio.wait_for() timeout not working - Stack Overflow',
        a: 'I&#x27;m calling <b>asyncio</b>.wait_for(loop.run_in_executor(None, blocking_call), <b>timeout</b>=5) but the program still waits for the full call. The <b>timeout</b> fires, yet the thread keeps running because executor jobs can&#x27;t be cancelled; only the awaiting coroutine gets a TimeoutError.',
        u: 'https://stackoverflow.com/questions/60263645/python-asyncio-wait-for-timeout-not-working',
        b: 'so\tStack Overflow\tstackoverflow.com',
      },
      {
        t: 'aio-libs/async-timeout: asyncio-compatible timeout class - GitHub',
        a: '<b>asyncio</b>-compatible <b>timeout</b> context manager. The context manager is useful in cases when you want to apply <b>timeout</b> logic around block of code or in cases when <b>asyncio</b>.wait_for() is not suitable. Also it&#x27;s much faster than <b>asyncio</b>.wait_for() because <b>timeout</b> doesn&#x27;t create a new task.',
        u: 'https://github.com/aio-libs/async-timeout',
        b: 'gh\tGitHub\tgithub.com',
      },
      {
        t: 'Timeouts and cancellation for humans — Trio 0.27.0 documentation',
        a: 'Trio has a rich, composable system for <b>timeouts</b> and cancellation. In particular, if you write code with Trio you&#x27;ll find that it&#x27;s easy to handle <b>timeouts</b> correctly: cancel scopes nest, a deadline can be moved after it is set, and &quot;shield&quot; protects cleanup code from an outer cancellation.',
        u: 'https://trio.readthedocs.io/en/stable/reference-core.html#cancellation-and-timeouts',
      },
      {
        t: 'Understanding asyncio timeouts and cancellation in Python 3.11+ | by Ana Souza | Medium',
        a: 'The new <b>asyncio</b>.<b>timeout</b> API looks simple, but it relies on Task.uncancel() to tell its own cancellation apart from one that came from outside. Here is what happens step by step when the deadline expires inside a TaskGroup, and why you should never swallow CancelledError in a <b>Python</b> coroutine ...',
        u: 'https://medium.com/@anasouza/understanding-asyncio-timeouts-and-cancellation-in-python-3-11-4f1c2b9e7a3d',
      },
      {
        t: 'Handling timeouts with asyncio - Python Discussions',
        a: 'Is there a way to put a <b>timeout</b> on a whole group of tasks rather than each one? I tried wrapping TaskGroup in <b>asyncio</b>.<b>timeout</b>(10) and it works, but the ExceptionGroup I get back contains CancelledError for every child &amp; a TimeoutError at the top. Is that the expected behaviour?',
        u: 'https://discuss.python.org/t/handling-timeouts-with-asyncio/41286',
      },
    ],
  },
  {
    query: 'sourdough starter hydration',
    results: [
      {
        t: 'Sourdough Starter Hydration: 100% vs. Stiff Starters Explained - The Perfect Loaf',
        a: 'A 100% <b>hydration</b> <b>starter</b> is fed equal weights of flour and water, which makes the math easy and gives a loose, bubbly culture. A stiff <b>starter</b> at 50-60% <b>hydration</b> ferments more slowly, favours acetic acid and produces a milder, less sour loaf. Here&#x27;s how to convert between the two ...',
        u: 'https://www.theperfectloaf.com/sourdough-starter-hydration-explained/',
      },
      {
        t: 'How to Make a Sourdough Starter From Scratch | King Arthur Baking',
        a: 'Learn how to make your own <b>sourdough</b> <b>starter</b> from scratch using just flour and water. Feed it twice a day with equal parts flour and water by weight; in 5 to 7 days it will double reliably within 6 to 8 hours of feeding, and it&#x27;s ready to bake with.',
        u: 'https://www.kingarthurbaking.com/recipes/sourdough-starter-recipe',
        b: 'kab\tKing Arthur Baking\twww.kingarthurbaking.com',
      },
      {
        t: 'Starter hydration - what difference does it make? | The Fresh Loaf',
        a: 'I keep my <b>starter</b> at 75% <b>hydration</b> and wondered whether switching to 100% would change the flavour of my <b>sourdough</b>. After a month of side-by-side bakes: the wetter <b>starter</b> peaked faster and the crumb was slightly more open, but the difference in sourness was smaller than I expected ...',
        u: 'https://www.thefreshloaf.com/node/71422/starter-hydration-what-difference-does-it-make',
      },
      {
        t: 'Sourdough - Wikipedia',
        a: '<b>Sourdough</b> is a type of bread that uses the fermentation by naturally occurring yeast and lactobacillus bacteria to raise the dough. In addition to leavening the bread, the fermentation process produces lactic acid, which gives the bread its distinctive sour taste and improves its keeping qualities.',
        u: 'https://en.wikipedia.org/wiki/Sourdough',
        b: 'w\tWikipedia\ten.wikipedia.org',
        da: 'en_wikipedia_queries,nlp_fathead',
      },
      {
        t: 'Baker&#x27;s Percentages and Starter Hydration Calculator',
        a: 'Enter your flour, water and <b>starter</b> weights and the calculator gives the overall dough <b>hydration</b>, including the water and flour contributed by the levain. Works for any <b>starter</b> <b>hydration</b> from 50% to 125%.',
        u: 'https://www.breadcalculator.net/sourdough-hydration-calculator',
      },
      {
        t: 'r/Sourdough on Reddit: What hydration do you keep your starter at and why?',
        a: '125% here. It&#x27;s easier to stir and I bake mostly ciabatta and focaccia, so a runny <b>starter</b> fits. When I tried a stiff one for bagels it took three feeds to wake up. Honestly the schedule matters more than the <b>hydration</b> - feed it at the same times every day and it&#x27;ll be predictable ...',
        u: 'https://www.reddit.com/r/Sourdough/comments/18v2kq4/what_hydration_do_you_keep_your_starter_at_and_why/',
        b: 'r\tReddit\twww.reddit.com',
      },
      {
        t: 'Stiff Sourdough Starter (50% Hydration): Benefits and Maintenance',
        a: 'Jun 3, 2023 · A stiff <b>starter</b> is more forgiving if you miss a feeding: with less water, the yeast and bacteria work more slowly, so it can sit for 12 hours or more at room temperature without collapsing. It&#x27;s also the traditional choice for Italian panettone (lievito madre).',
        u: 'https://www.farmhouseonboone.com/stiff-sourdough-starter-50-percent-hydration/',
        e: '2023-06-03T00:00:00.0000000',
      },
      {
        t: 'The Science of Sourdough Starter Hydration - Serious Eats',
        a: 'Water content changes which microbes dominate: wetter <b>starters</b> favour lactic acid bacteria and yeast activity, drier ones let acetic acid build up. We baked 24 loaves with <b>starters</b> from 50% to 150% <b>hydration</b> &amp; measured rise, pH and what tasters preferred.',
        u: 'https://www.seriouseats.com/science-of-sourdough-starter-hydration-8410327',
      },
      {
        t: 'How to Convert a Sourdough Starter to a Different Hydration',
        a: 'To convert a 100% <b>starter</b> to 60%, take 20 g of it and feed with 50 g flour and 25 g water; after two feedings at the new ratio nearly all of the old culture has been replaced. To go the other way, feed equal weights of flour and water ...',
        u: 'https://www.culturesforhealth.com/learn/sourdough/convert-sourdough-starter-hydration/',
      },
      {
        t: 'Sourdough Starter FAQ: Hooch, Smell, Hydration &amp; More | Breadtopia',
        a: 'Grey liquid on top of your <b>starter</b> (&quot;hooch&quot;) means it&#x27;s hungry, not ruined: pour it off or stir it in for a tangier loaf. If your <b>starter</b> smells like nail polish remover, feed it more often or lower its <b>hydration</b> a little ...',
        u: 'https://breadtopia.com/sourdough-starter-faq/',
      },
    ],
  },
  {
    query: 'rotate ssh keys',
    results: [
      {
        t: 'How to Rotate SSH Keys Without Locking Yourself Out | DigitalOcean',
        a: 'Generate a new key pair with ssh-keygen -t ed25519, append the new public <b>key</b> to ~/.ssh/authorized_keys on every server, confirm you can log in with it, and only then remove the old <b>key</b>. This tutorial walks through <b>rotating</b> <b>SSH</b> <b>keys</b> across a fleet with a short shell script ...',
        u: 'https://www.digitalocean.com/community/tutorials/how-to-rotate-ssh-keys',
        b: 'do\tDigitalOcean\twww.digitalocean.com',
      },
      {
        t: 'Best practices for SSH key rotation - Teleport',
        a: 'Static <b>SSH</b> <b>keys</b> live forever unless someone removes them, which is why audits keep finding <b>keys</b> of people who left years ago. <b>Rotating</b> <b>keys</b> every 90 days helps, but short-lived <b>SSH</b> certificates signed by a CA remove the problem: access expires on its own.',
        u: 'https://goteleport.com/blog/ssh-key-rotation-best-practices/',
      },
      {
        t: 'ssh-keygen(1) - Linux manual page',
        a: 'ssh-keygen generates, manages and converts authentication <b>keys</b> for <b>ssh</b>(1). ssh-keygen can create <b>keys</b> for use by <b>SSH</b> protocol version 2. The type of <b>key</b> to be generated is specified with the -t option. If invoked without any arguments, ssh-keygen will generate an Ed25519 <b>key</b>.',
        u: 'https://man7.org/linux/man-pages/man1/ssh-keygen.1.html',
        b: 'man\tLinux man pages\tman7.org',
      },
      {
        t: 'Rotating SSH keys - GitHub Docs',
        a: 'If you believe your <b>SSH</b> <b>key</b> has been compromised, or you want to replace it on a schedule, add a new <b>key</b> to your account first, update the <b>key</b> used by your local agent and deploy scripts, then delete the old <b>key</b> from Settings &gt; <b>SSH</b> and GPG <b>keys</b>.',
        u: 'https://docs.github.com/en/authentication/connecting-to-github-with-ssh/rotating-ssh-keys',
        b: 'ghd\tGitHub Docs\tdocs.github.com',
      },
      {
        t: 'linux - Automating ssh key rotation for many servers - Server Fault',
        a: 'We have ~400 hosts and a few service accounts whose <b>keys</b> must be <b>rotated</b> quarterly. Ansible&#x27;s authorized_key module with exclusive=yes does it in one run: it writes the new <b>key</b> and removes everything else, so make sure the new <b>key</b> works before you push ...',
        u: 'https://serverfault.com/questions/1103984/automating-ssh-key-rotation-for-many-servers',
        b: 'sf\tServer Fault\tserverfault.com',
      },
      {
        t: 'Rotate SSH keys for Compute Engine VMs | Google Cloud',
        a: 'OS Login ties <b>SSH</b> access to IAM, so <b>rotating</b> a user&#x27;s <b>key</b> means adding the new public <b>key</b> to their login profile with gcloud compute os-login <b>ssh</b>-<b>keys</b> add and removing the old one; metadata-based <b>keys</b> must be edited on each project or instance ...',
        u: 'https://cloud.google.com/compute/docs/connect/rotate-ssh-keys',
      },
      {
        t: 'Using SSH certificates instead of keys - Smallstep',
        a: 'Feb 20, 2024 · With <b>SSH</b> certificates you never <b>rotate</b> <b>keys</b> by hand: the CA issues a certificate that is valid for 16 hours, and hosts trust the CA rather than a list of public <b>keys</b>. Here&#x27;s how to set up a CA with step-ca and configure sshd&#x27;s TrustedUserCAKeys.',
        u: 'https://smallstep.com/blog/use-ssh-certificates/',
        e: '2024-02-20T00:00:00.0000000',
      },
      {
        t: 'Amazon EC2 key pairs and Amazon EC2 instances - Amazon Elastic Compute Cloud',
        a: 'A <b>key</b> pair, consisting of a public <b>key</b> and a private <b>key</b>, is a set of security credentials that you use to prove your identity when connecting to an Amazon EC2 instance. To <b>rotate</b> a <b>key</b> pair you create a new one, add its public <b>key</b> to the instance &amp; remove the old entry ...',
        u: 'https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-key-pairs.html',
        b: 'aws\tAWS Documentation\tdocs.aws.amazon.com',
      },
      {
        t: 'How often should SSH keys be rotated? - Information Security Stack Exchange',
        a: 'NIST doesn&#x27;t give a fixed period for <b>SSH</b> user <b>keys</b>; NISTIR 7966 recommends <b>rotating</b> them when staff change roles and at a regular interval set by policy. Many organizations pick one year for user <b>keys</b> and shorter periods for automated access ...',
        u: 'https://security.stackexchange.com/questions/199245/how-often-should-ssh-keys-be-rotated',
        b: 'sse\tInformation Security Stack Exchange\tsecurity.stackexchange.com',
      },
      {
        t: 'SSH Key Management: Why It Matters and How to Do It Right',
        a: 'Unmanaged <b>SSH</b> <b>keys</b> are one of the most common ways attackers move laterally after a breach. An inventory of every authorized_keys file, a rule that each <b>key</b> has an owner, and automated <b>rotation</b> close most of that gap.',
        u: 'https://www.ssh.com/academy/ssh/key-management',
      },
    ],
  },
  {
    query: 'lisbon in november',
    results: [
      {
        t: 'Lisbon in November: Weather, Events &amp; Travel Tips (2025)',
        a: '<b>Lisbon</b> <b>in</b> <b>November</b> is mild and quiet: daytime highs around 17 °C (63 °F), a few rainy days a week and far fewer tourists than in summer. Chestnut sellers appear on every corner for São Martinho on 11 <b>November</b>, and hotel prices drop by a third ...',
        u: 'https://www.lisbonlux.com/lisbon/lisbon-in-november.html',
      },
      {
        t: 'Lisbon Weather in November - Climate Data',
        a: 'In <b>November</b>, the average high-temperature in <b>Lisbon</b> is 17.6 °C and the average low is 11.4 °C. It rains on about 10 days of the month, with 128 mm of rain in total, and there are 5 hours of sunshine a day on average.',
        u: 'https://en.climate-data.org/europe/portugal/lisbon/lisbon-40/t/november-11/',
      },
      {
        t: 'Is November a good time to visit Lisbon? - Tripadvisor Forum',
        a: 'We went the second week of <b>November</b> and had three sunny days out of five. Pack a waterproof jacket and shoes with grip - the calçada gets slippery in the rain. Museums and restaurants were easy to get into without booking, which we&#x27;d never manage in July.',
        u: 'https://www.tripadvisor.com/ShowTopic-g189158-i200-k14511203-Is_November_a_good_time_to_visit_Lisbon-Lisbon_Lisbon_District_Central_Portugal.html',
        b: 'ta\tTripadvisor\twww.tripadvisor.com',
      },
      {
        t: 'Lisbon - Wikipedia',
        a: '<b>Lisbon</b> is the capital and largest city of Portugal, with an estimated population of 567,131 as of 2023 within its administrative limits. <b>Lisbon</b> is mainland Europe&#x27;s westernmost capital city and the only one along the Atlantic coast ...',
        u: 'https://en.wikipedia.org/wiki/Lisbon',
        b: 'w\tWikipedia\ten.wikipedia.org',
        da: 'en_wikipedia_queries,nlp_fathead,nlp_wiki',
      },
      {
        t: 'Things to Do in Lisbon in November - Visit Lisboa',
        a: 'Web Summit fills the Parque das Nações in early <b>November</b>, Lisbon &amp; Estoril Film Festival screens in the city&#x27;s old cinemas, and the São Martinho fair brings roasted chestnuts and jeropiga to Largo do Carmo. See the full agenda of events this month.',
        u: 'https://www.visitlisboa.com/en/events/november',
      },
      {
        t: 'What to Pack for Lisbon in November | Portugal Travel Guide',
        a: 'Layers are key: mornings start around 11 °C and afternoons can reach 19 °C. Bring a light rain jacket, a warm sweater for the evening and comfortable walking shoes with good soles for <b>Lisbon</b>&#x27;s hills and cobbled streets ...',
        u: 'https://www.portugal-travel-guide.com/what-to-pack-for-lisbon-in-november/',
      },
      {
        t: 'Lisbon in Winter: 12 Reasons to Visit Off-Season - Lonely Planet',
        a: 'Nov 14, 2024 · Crowds thin out, the light turns golden and the city&#x27;s pastelarias feel even cosier. From <b>November</b> to February you can ride Tram 28 without queuing for an hour, and day trips to Sintra are far more pleasant than in the summer heat.',
        u: 'https://www.lonelyplanet.com/articles/lisbon-in-winter',
        b: 'lp\tLonely Planet\twww.lonelyplanet.com',
        e: '2024-11-14T00:00:00.0000000',
      },
      {
        t: 'Lisbon November 2025: hotel prices and best neighbourhoods to stay',
        a: 'Staying in Baixa or Chiado puts you within walking distance of most sights; Alfama is atmospheric but hilly. Average double-room prices in <b>November</b> are €95 in a 3-star hotel, against €160 in August ...',
        u: 'https://www.booking-insights.travel/portugal/lisbon/november-hotel-prices-neighbourhoods',
      },
      {
        t: 'r/lisboa: Visiting in November - any tips?',
        a: 'Go to a fado house in Mouraria instead of the tourist ones in Alfama, eat pastéis de nata at Manteigaria, and check the Carris app before you wait for a tram. It rains hard but briefly in <b>November</b> so just duck into a café ...',
        u: 'https://www.reddit.com/r/lisboa/comments/1gk3p9x/visiting_in_november_any_tips/',
        b: 'r\tReddit\twww.reddit.com',
      },
      {
        t: 'Lisbon weather by month: when is the best time to go?',
        a: 'The best months to visit <b>Lisbon</b> are April to June and September to October. <b>November</b> is a good shoulder-season choice if you don&#x27;t mind some rain: it&#x27;s still warmer than most of Europe, with sea temperatures around 17 °C.',
        u: 'https://www.holiday-weather.com/lisbon/averages/',
      },
    ],
  },
];

function hostOf(url: string): string {
  return new URL(url).hostname;
}

// d.js embeds its JSON in a script: "</" must be written "<\/".
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/<\//g, '<\\/');
}

/**
 * The d.js script for an answer, as links.duckduckgo.com sends it: the ad slot, the result languages,
 * `DDG.pageLayout.load('d', [...])` with every result's full set of fields and the next-page marker,
 * then the duckbar modules (empty here) and the page layout.
 */
export function dJsAnswer(answer: DuckDuckGoAnswer, vqd: string): string {
  const encoded = encodeURIComponent(answer.query);
  const items: Record<string, unknown>[] = answer.results.map((result) => ({
    a: result.a,
    ae: null,
    ...(result.b === undefined ? {} : { b: result.b }),
    c: result.u,
    d: result.u.replace(/^https?:\/\//, ''),
    da: result.da ?? '',
    ...(result.e === undefined ? {} : { e: result.e }),
    h: 0,
    i: hostOf(result.u),
    k: null,
    m: 0,
    o: 0,
    p: 0,
    s: 'bingv7aa',
    t: result.t,
    u: result.u,
  }));
  items.push({
    n: `/d.js?q=${encoded}&t=D&l=us-en&p=-1&s=${answer.results.length}&ex=-1&dl=en&ct=US&ss_mkt=us&sp=0&vqd=${vqd}`,
  });
  const languages = scriptJson({ en: answer.results.map((r) => r.u) });
  const layout = scriptJson({
    mainline: { items: [...answer.results.map(() => ['organic']), ['related_searches']] },
  });
  return `window.execDeep = function() {if (DDG.deep && DDG.deep.setUpstream) DDG.deep.setUpstream("bingv7aa");DDG.deep.bn={'ivc':1};if (DDG.pageLayout) DDG.pageLayout.load('a',[], {"page_load_url":"https://duckduckgo.com/y.js?iurl=%7B2%7DIG%3D5C1E0A7B93D84F2A8E61B0C4D2F7A913%26CID%3D2A7F0C3E5B1D6E48%26Type%3DEvent.CPT%26DATA%3D0"});DDG.deep.signalSummary = "";DDG.inject('DDG.Data.languages.resultLanguages', ${languages});DDG.deep.pageLayoutSummary = "w${answer.results.length}r1";DDG.inject('DDG.Data.languages.adLanguages', {});if (DDG.pageLayout) DDG.pageLayout.load('d',${scriptJson(items)});DDG.duckbar.load('images');DDG.duckbar.load('news');DDG.duckbar.load('videos');DDG.duckbar.loadModule('related_searches');DDG.duckbar.load('products');if (DDG.pageLayout) DDG.pageLayout.initialize(${layout}, { start: 0 });DDG.deep.emit("load:completed");};`;
}

/**
 * Makes the simulator's d.js endpoint answer each of `answers`' queries with its script (any other query
 * gets a 404), so every DuckDuckGo client pointed at the simulator parses the same bytes. `sim.reset()`
 * undoes it.
 */
export function serveDuckDuckGoAnswers(
  sim: ProviderSimulator,
  answers: readonly DuckDuckGoAnswer[] = DUCKDUCKGO_ANSWERS,
): void {
  const byQuery = new Map(answers.map((answer) => [answer.query, answer]));
  sim.configure('duckduckgo.d.js', {
    respond: ({ query }) => {
      const answer = byQuery.get(query);
      return answer
        ? {
            status: 200,
            headers: { 'content-type': 'application/x-javascript' },
            body: dJsAnswer(answer, vqdFor(query)),
          }
        : {
            status: 404,
            headers: { 'content-type': 'text/plain' },
            body: `no answer written for "${query}"`,
          };
    },
  });
}
