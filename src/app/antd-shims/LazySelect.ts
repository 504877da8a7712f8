/** Pagination's page-size changer: antd's Select, loaded when first used (renderers/list/LazySelect.tsx). */
export { default } from '../../../renderers/list/LazySelect.tsx';
