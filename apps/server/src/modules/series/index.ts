// What the rest of the server uses of series.
export { seriesRepository } from './series.repository';
export {
  getSeries,
  keepGlossaryForSeries,
  listSeries,
  seriesGlossaryFor,
  suggestSeries,
} from './series.service';
