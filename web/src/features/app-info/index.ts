export { useAppInfoQuery, type AppInfo } from './api/app-info-api';
export { HomePage } from './components/home-page';
