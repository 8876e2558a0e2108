export { confirmDelete, requireSelection } from './confirm';
