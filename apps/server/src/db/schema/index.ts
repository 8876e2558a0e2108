// One module per domain (spec §7 groups).
export * from './auth';
export * from './common';
export * from './files';
export * from './settlement';
export * from './copyright';
export * from './company';
export * from './help';
export * from './product';
export * from './mail';
export * from './statements';
export * from './admin';
