export { webModule as publicBorrowerServer } from './lib/web/routes';
