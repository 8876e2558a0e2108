export { confirmDelete, namedDeleteTitle, namedList, requireSelection } from './confirm';
