export * from './constants.ts';
export * from './draw-settings.ts';
export * from './languages.ts';
export * from './contracts/common.contract.ts';
export * from './contracts/auth.contract.ts';
