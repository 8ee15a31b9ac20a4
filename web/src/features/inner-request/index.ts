export { InnerRequestsScreen } from './components/inner-requests-screen';
