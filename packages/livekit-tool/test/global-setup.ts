import { redisGlobalSetup } from '@agent-search/testing/redis-server';

export default redisGlobalSetup('livekit-tool');
