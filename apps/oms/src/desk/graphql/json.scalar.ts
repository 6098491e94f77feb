import { GraphQLScalarType, Kind, ValueNode } from 'graphql';

function literalValue(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return node.value;
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((field) => [field.name.value, literalValue(field.value)]));
    case Kind.LIST:
      return node.values.map(literalValue);
    case Kind.NULL:
      return null;
    case Kind.VARIABLE:
    case Kind.ENUM:
      return null;
    default:
      return null;
  }
}

/** Free-form JSON (an event payload as stored); output only in practice. */
export const GraphQLJSON = new GraphQLScalarType({
  name: 'JSON',
  description: 'A JSON value, as stored',
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: literalValue,
});
