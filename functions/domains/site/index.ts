export {
  type Db,
  type PageContext,
  type PageQuery,
  type ParentalAsk,
  pageContext,
  pageData,
} from './page-data.ts';
