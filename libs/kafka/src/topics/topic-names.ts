/** The project's topics, named in one place. */
export interface KafkaTopicNames {
  /** Normalised venue observations produced by ingest, keyed by account:symbol. */
  readonly venueObservations: string;
  /** Events the OMS derived and stored, for downstream readers. */
  readonly omsEvents: string;
  /** Messages that could not be decoded, with the reason and their origin in headers. */
  readonly deadLetter: string;
}

export const DEFAULT_TOPIC_NAMES: KafkaTopicNames = {
  venueObservations: 'oms.venue-observations.v1',
  omsEvents: 'oms.events.v1',
  deadLetter: 'oms.dead-letter.v1',
};

/** The same topics under a prefix, e.g. one per test run on a shared cluster. */
export function prefixedTopicNames(prefix: string): KafkaTopicNames {
  return {
    venueObservations: `${prefix}.${DEFAULT_TOPIC_NAMES.venueObservations}`,
    omsEvents: `${prefix}.${DEFAULT_TOPIC_NAMES.omsEvents}`,
    deadLetter: `${prefix}.${DEFAULT_TOPIC_NAMES.deadLetter}`,
  };
}
