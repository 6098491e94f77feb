import { EMPTY_ASSIGNMENT, GroupMember, GroupProtocol } from './consumer-group.types';

/**
 * The assignment protocol for a generation, chosen as Kafka does: among the protocols
 * every member supports, the one most members list first (ties go to the order of the
 * first member's list).
 */
export function electProtocol(members: readonly GroupMember[]): string {
  const candidates = members[0].protocols
    .map((protocol) => protocol.name)
    .filter((name) => members.every((member) => member.protocols.some((protocol) => protocol.name === name)));
  const votes = new Map<string, number>(candidates.map((name) => [name, 0]));
  for (const member of members) {
    const choice = member.protocols.find((protocol) => votes.has(protocol.name));
    if (choice) votes.set(choice.name, (votes.get(choice.name) ?? 0) + 1);
  }
  return [...votes.entries()].reduce((best, entry) => (entry[1] > best[1] ? entry : best))[0];
}

export function sameProtocols(a: readonly GroupProtocol[], b: readonly GroupProtocol[]): boolean {
  return (
    a.length === b.length &&
    a.every(
      (protocol, index) => protocol.name === b[index].name && protocol.metadata.equals(b[index].metadata),
    )
  );
}

export function metadataFor(protocols: readonly GroupProtocol[], name: string): Buffer {
  return protocols.find((protocol) => protocol.name === name)?.metadata ?? EMPTY_ASSIGNMENT;
}
