export * from './pocketsphinx-parse.ts';
export * from './pocketsphinx-transcriber.ts';
export * from './moonshine-transcriber.ts';
export * from './openai-transcriber.ts';
export * from './whisper-transcriber.ts';
export * from './transcriber-factory.ts';
