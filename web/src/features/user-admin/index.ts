export { UsersScreen, type UsersScreenProps } from './components/users-screen';
