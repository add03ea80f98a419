export { communicationApi, messageListParams, useGetCommunicationQuery, useGetMessageQuery, useSendSmsMutation, type MessageListArgs } from './lib/communication-api';
