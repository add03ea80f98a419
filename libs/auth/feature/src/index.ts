export { LoginPage } from './lib/login-page';
export { ForgotPasswordPage } from './lib/forgot-password-page';
export { PasswordResetPage } from './lib/password-reset-page';
export { ProfilePage } from './lib/profile-page';
