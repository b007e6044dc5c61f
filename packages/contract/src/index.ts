export * from './common.ts';
export * from './users.ts';
export * from './catalog.ts';
export * from './orders.ts';
export * from './overview.ts';
export { ImageUploaded } from './images.ts';
export * from './accounts.ts';
export * from './endpoint.ts';
export { endpoints, type EndpointName, type Endpoints } from './endpoints/index.ts';
