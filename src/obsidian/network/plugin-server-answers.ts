import { ServerAnswers } from '../../llm';

/**
 * The plugin's one memory of what model servers answered, for its whole life: the model list
 * (view and settings) and the window discovery before a question ask each endpoint of a server
 * once while the answer is fresh (`SERVER_ANSWER_LIFE_MS`), instead of each probing every
 * server's endpoints again. "Check connection" keeps its own: it shows the server as it is now.
 */
export const pluginServerAnswers = new ServerAnswers();
