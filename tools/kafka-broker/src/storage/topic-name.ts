const LEGAL_TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

/** Kafka's topic naming rule; it also keeps names safe as folder names. */
export function topicNameProblem(name: string): string | undefined {
  if (name === '.' || name === '..') return `topic name "${name}" is reserved`;
  if (!LEGAL_TOPIC_NAME.test(name)) {
    return `topic name "${name}" must be 1-249 characters of letters, digits, ".", "_" or "-"`;
  }
  return undefined;
}
