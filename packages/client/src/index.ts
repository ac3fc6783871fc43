export * from './remote-client.ts';
export * from './remote-upload.ts';
export * from './edit-workflow.ts';
export * from './outbound-address.ts';
