/** The signed-in user's home blocks (administration.md 2.1 'Home'), shown under the title and version. */
export { HomeOverview } from './components/home-overview';
