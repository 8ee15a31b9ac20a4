export { LoginPage } from './components/login-page';
export { useRestoreSession } from './hooks/use-restore-session';
export { useSignOut } from './hooks/use-sign-out';
export { LoginForm } from './components/login-form';
