// Offer letters (contracts), one file per concern.
export * from './images';
export * from './dto';
export * from './generate';
export * from './signing';
export * from './staff';
