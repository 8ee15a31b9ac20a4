export { NewsScreen } from './components/news-screen';
