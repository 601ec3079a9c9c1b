import type { SimulatorCorpus } from './simulation.ts';

/**
 * What the simulated search engines know: one topic's web pages, news and videos, written for these
 * tests (not captured). Every provider's payload is rendered from the same entries, so tools on top of
 * different providers can be compared on the same results.
 */

export interface WebEntry {
  title: string;
  url: string;
  /** A search-engine snippet: a sentence or two, as a results page shows it. */
  snippet: string;
  /** A longer extract, as APIs that return page content give it. */
  extract: string;
  /** ISO 8601, when the page has a date. */
  publishedAt?: string;
  author?: string;
}

export interface NewsEntry {
  title: string;
  url: string;
  excerpt: string;
  source: string;
  publishedAt: string;
  image?: string;
}

export interface VideoEntry {
  title: string;
  url: string;
  description: string;
  duration: string;
  uploader: string;
  publishedAt: string;
  viewCount: number;
}

export const WEB_ENTRIES: readonly WebEntry[] = [
  {
    title: 'Heat Pump Systems | Department of Energy',
    url: 'https://www.energy.gov/energysaver/heat-pump-systems',
    snippet:
      'A heat pump can provide an alternative to using your air conditioner and furnace. Modern cold-climate models keep heating efficiently down to -15 °F, and they move heat rather than generating it.',
    extract:
      'For climates with moderate heating and cooling needs, heat pumps offer an energy-efficient alternative to furnaces and air conditioners. Like your refrigerator, heat pumps use electricity to transfer heat from a cool space to a warm space. Since 2020, cold-climate air-source heat pumps have become a legitimate space heating option in colder regions, with some models delivering full capacity at 5 °F.',
    publishedAt: '2025-02-11T00:00:00.000Z',
    author: 'Office of Energy Efficiency & Renewable Energy',
  },
  {
    title: 'Heat pump - Wikipedia',
    url: 'https://en.wikipedia.org/wiki/Heat_pump',
    snippet:
      'A heat pump is a device that uses electric power to transfer heat from a colder place to a warmer place. Its efficiency is expressed as a coefficient of performance (COP), which falls as the outdoor temperature drops.',
    extract:
      'A heat pump is a device that consumes energy (usually electricity) to transfer heat from a colder place to a warmer place. Specifically, the heat pump transfers thermal energy using a refrigeration cycle, cooling the cool space and warming the warm space. In cold weather, a heat pump can move heat from the cool outdoors to warm a house; the pump may also be designed to move heat from the house to the warmer outdoors in warm weather.',
  },
  {
    title: 'Do heat pumps work in cold climates? What the field data says',
    url: 'https://www.canarymedia.com/articles/heat-pumps/do-heat-pumps-work-in-cold-climates',
    snippet:
      'Field studies in Maine, Minnesota and Alaska found cold-climate heat pumps kept homes warm through January cold snaps, with an average COP of 2.1 at 0 °F.',
    extract:
      'Skeptics have long claimed that heat pumps stop working when it gets really cold. Field studies from Maine, Minnesota and Alaska tell a different story: cold-climate units kept homes warm through January cold snaps, with an average coefficient of performance of 2.1 at 0 °F — still twice as efficient as electric resistance heat.',
    publishedAt: '2025-12-03T14:20:00.000Z',
    author: 'Alison F. Takemura',
  },
  {
    title: 'Cold Climate Air Source Heat Pump Specification | NEEP',
    url: 'https://neep.org/heating-electrification/ccashp-specification-product-list',
    snippet:
      'The NEEP cold climate specification lists models with a COP of at least 1.75 at 5 °F. Search the product list by capacity, manufacturer and AHRI number.',
    extract:
      'The Cold Climate Air Source Heat Pump (ccASHP) Specification identifies air-source heat pumps best suited to heat efficiently in cold climates (IECC climate zone 4 and higher). Listed products must report performance at 5 °F and reach a coefficient of performance of at least 1.75 at that temperature.',
    publishedAt: '2025-06-30T00:00:00.000Z',
  },
  {
    title: 'The Best Cold-Climate Heat Pumps of 2026 - Consumer Reports',
    url: 'https://www.consumerreports.org/home-garden/heat-pumps/best-cold-climate-heat-pumps-a1187302115/',
    snippet:
      'We tested ducted and ductless models in our environmental chamber at temperatures as low as -5 °F. Here are the heat pumps that held their capacity best.',
    extract:
      'Our testers ran ducted and ductless heat pumps in an environmental chamber at temperatures down to -5 °F, measuring how much heat each delivered and how much electricity it used. The best models kept more than 80 percent of their rated capacity at 5 °F and needed backup resistance heat only below -10 °F.',
    publishedAt: '2026-01-15T10:00:00.000Z',
    author: 'Paul Hope',
  },
  {
    title: 'r/heatpumps on Reddit: First winter with a cold climate heat pump in Vermont',
    url: 'https://www.reddit.com/r/heatpumps/comments/1hq2x7d/first_winter_with_a_cold_climate_heat_pump_in/',
    snippet:
      'We replaced our oil boiler with two ductless heads last fall. At -12 °F overnight the house stayed at 66 °F, and our electric bill went up less than the oil we stopped buying.',
    extract:
      'We replaced our oil boiler with two ductless heads last fall. At -12 °F overnight the house stayed at 66 °F. The outdoor units defrost every hour or so when it is humid, which is noisy but normal. Our electric bill went up about $140 a month in January, less than the oil we stopped buying.',
    publishedAt: '2025-01-02T18:44:00.000Z',
  },
  {
    title: 'Heat pumps in cold climates: sizing, backup heat and defrost | Building Science Corporation',
    url: 'https://buildingscience.com/documents/guides-and-manuals/heat-pumps-cold-climates',
    snippet:
      'Size the heat pump to the design heating load at the 99 percent design temperature, not the cooling load, and plan for defrost cycles and a backup heat strategy.',
    extract:
      'In cold climates, size the heat pump to the heating load at the 99 percent design temperature rather than to the cooling load. Undersized systems rely on resistance backup during the coldest hours, which drives peak electric demand; oversized systems short-cycle in mild weather. Defrost cycles briefly reverse the refrigerant flow and should be accounted for in comfort planning.',
  },
  {
    title: 'IEA: Global heat pump sales continue to grow - The Future of Heat Pumps',
    url: 'https://www.iea.org/reports/the-future-of-heat-pumps',
    snippet:
      'Heat pumps are already the leading heating technology in Norway, where 60% of buildings have one, showing they can meet demand in cold climates.',
    extract:
      'Heat pumps, powered by low-emissions electricity, are the central technology in the global transition to secure and sustainable heating. In Norway, around 60% of buildings are equipped with heat pumps, and in Sweden and Finland over 40%, showing that the technology works well in cold climates.',
    publishedAt: '2024-11-18T00:00:00.000Z',
  },
  {
    title: 'How Cold Is Too Cold for a Heat Pump? | This Old House',
    url: 'https://www.thisoldhouse.com/heating-cooling/reviews/how-cold-is-too-cold-for-a-heat-pump',
    snippet:
      'Standard heat pumps lose efficiency below 40 °F, but cold-climate models with variable-speed compressors keep working well below freezing.',
    extract:
      'Standard air-source heat pumps start to lose efficiency when temperatures fall below about 40 °F and may need auxiliary heat below 25 °F. Cold-climate models use variable-speed (inverter) compressors and enhanced vapor injection to keep producing heat at temperatures as low as -22 °F.',
    publishedAt: '2025-10-07T00:00:00.000Z',
    author: 'Alexis Curls',
  },
  {
    title: 'Heat pump performance at low temperatures: a review (Energy and Buildings)',
    url: 'https://www.sciencedirect.com/science/article/pii/S0378778825004512',
    snippet:
      'This review compiles laboratory and field measurements of air-source heat pumps between -25 °C and 7 °C and compares vapor injection, cascade and CO2 cycles.',
    extract:
      'This review compiles laboratory and field measurements of air-source heat pumps operating between -25 °C and 7 °C. Vapor-injection cycles retained 70–85% of nominal capacity at -15 °C, while cascade and transcritical CO2 systems achieved supply temperatures suitable for existing radiators.',
    publishedAt: '2025-05-20T00:00:00.000Z',
    author: 'M. Lindqvist; J. Kim; R. Okafor',
  },
];

export const NEWS_ENTRIES: readonly NewsEntry[] = [
  {
    title: 'Heat pump sales overtook gas furnaces again in 2025',
    url: 'https://www.reuters.com/business/energy/heat-pump-sales-overtook-gas-furnaces-2025-2026-02-12/',
    excerpt:
      'Americans bought 21% more heat pumps than gas furnaces last year, industry data showed, as cold-climate models won over buyers in northern states.',
    source: 'Reuters',
    publishedAt: '2026-02-12T15:05:00.000Z',
    image: 'https://www.reuters.com/resizer/heat-pump-sales.jpg',
  },
  {
    title: 'Polar vortex puts cold-climate heat pumps to the test',
    url: 'https://www.nytimes.com/2026/01/22/climate/heat-pumps-polar-vortex.html',
    excerpt:
      'As temperatures fell below -20 °F across the Midwest, homeowners with new heat pumps reported mostly warm houses and a few icy outdoor units.',
    source: 'The New York Times',
    publishedAt: '2026-01-22T11:30:00.000Z',
  },
  {
    title: 'Maine passes its heat pump goal two years early',
    url: 'https://www.pressherald.com/2025/11/19/maine-passes-heat-pump-goal-two-years-early/',
    excerpt:
      'The state has now installed more than 175,000 heat pumps, beating the target it set for 2027, according to Efficiency Maine.',
    source: 'Portland Press Herald',
    publishedAt: '2025-11-19T09:00:00.000Z',
    image: 'https://www.pressherald.com/images/heat-pump-goal.jpg',
  },
  {
    title: 'New refrigerant rules raise heat pump prices by up to 10%',
    url: 'https://www.canarymedia.com/articles/heat-pumps/refrigerant-rules-prices',
    excerpt:
      'Manufacturers say the switch to lower-impact refrigerants such as R-454B added cost, but efficiency in cold weather is unchanged.',
    source: 'Canary Media',
    publishedAt: '2025-12-08T16:45:00.000Z',
  },
  {
    title: 'Germany heat pump installations rebound as subsidy rules settle',
    url: 'https://www.cleanenergywire.org/news/germany-heat-pump-installations-rebound',
    excerpt:
      'Applications for the federal heating subsidy rose for the sixth month running, with air-source heat pumps making up most new installations.',
    source: 'Clean Energy Wire',
    publishedAt: '2025-10-30T07:15:00.000Z',
  },
  {
    title: 'Are heat pumps worth it in a cold climate? Readers share their bills',
    url: 'https://www.theguardian.com/money/2026/jan/10/heat-pumps-cold-climate-bills',
    excerpt:
      'From Aberdeen to Oslo, readers told us what their heat pumps cost to run through a hard winter — and what they would do differently.',
    source: 'The Guardian',
    publishedAt: '2026-01-10T08:00:00.000Z',
  },
];

export const VIDEO_ENTRIES: readonly VideoEntry[] = [
  {
    title: 'Do Heat Pumps Really Work in Extreme Cold? We Tested One at -20 °F',
    url: 'https://www.youtube.com/watch?v=Hq7cL0dPmX4',
    description: 'We ran a cold-climate heat pump through a Minnesota winter and logged every kilowatt-hour.',
    duration: '18:42',
    uploader: 'Technology Connections',
    publishedAt: '2025-02-03T17:00:00.0000000',
    viewCount: 1_482_213,
  },
  {
    title: 'Heat Pumps Explained: How They Heat Your Home When It Is Freezing Outside',
    url: 'https://www.youtube.com/watch?v=3nR8vKpW2sE',
    description: 'An animated guide to the refrigeration cycle, defrost mode and what COP means.',
    duration: '11:05',
    uploader: 'The Engineering Mindset',
    publishedAt: '2024-09-14T12:00:00.0000000',
    viewCount: 2_904_551,
  },
  {
    title: 'One Year With a Cold Climate Heat Pump: Costs, Noise and Comfort',
    url: 'https://www.youtube.com/watch?v=bT5m9QeLx0A',
    description: 'Our real bills after replacing a propane furnace in Vermont.',
    duration: '23:17',
    uploader: 'Matt Risinger',
    publishedAt: '2025-04-21T15:30:00.0000000',
    viewCount: 388_104,
  },
  {
    title: 'Sizing a Heat Pump for a Cold Climate (Manual J in 15 Minutes)',
    url: 'https://www.youtube.com/watch?v=Zp1dE6uYk8c',
    description: 'Why you size for heating, not cooling, and how to read an extended performance table.',
    duration: '15:48',
    uploader: 'Build Show Network',
    publishedAt: '2025-08-09T14:00:00.0000000',
    viewCount: 121_377,
  },
  {
    title: 'Heat Pump Defrost Cycle: What Is That Steam?',
    url: 'https://www.youtube.com/watch?v=Kc4wT2nYh7o',
    description: 'Short explainer on why outdoor units steam and go quiet in winter.',
    duration: '4:13',
    uploader: 'HVAC School',
    publishedAt: '2025-12-01T10:00:00.0000000',
    viewCount: 64_920,
  },
];

/** The built-in corpus: the simulator's default. */
export const CORPUS: SimulatorCorpus = { web: WEB_ENTRIES, news: NEWS_ENTRIES, videos: VIDEO_ENTRIES };
