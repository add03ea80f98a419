// Lazy components and descriptors only, so the portal imports this entry statically and
// each page still loads on first visit.
export { authScreens, LoginPage, ForgotPasswordPage, PasswordResetPage } from './lib/auth-screens';
