export type { Results as PageResults } from '../../db/run.ts';
export {
  type Db,
  type PageContext,
  type PageQuery,
  type ParentalAsk,
  type ProfilesAsk,
  pageContext,
  pageData,
} from './page-data.ts';
