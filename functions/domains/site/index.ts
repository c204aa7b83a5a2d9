export {
  type Db,
  type PageContext,
  type PageQuery,
  pageContext,
  pageData,
} from './page-data.ts';
