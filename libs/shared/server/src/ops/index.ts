// Running the api in production: serving the web apps, security headers, health,
// metrics, logging (see the README's operations section).
export * from './health';
export * from './logging';
export * from './metrics';
export * from './security';
export * from './web';
export * from './shutdown';
