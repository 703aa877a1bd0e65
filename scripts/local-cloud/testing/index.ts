export { type ApiResponse, api } from './api';
export { type SignedInUser, signIn } from './sign-in';
export { startTestCloud, type TestCloud, type TestCloudOptions } from './test-cloud';
