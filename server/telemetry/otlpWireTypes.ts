import { Enum, type Field, type Message, Reader, Type, types } from 'protobufjs'

const WIRE_TYPE_NAMES = ['varint', '64-bit', 'length-delimited', 'start group', 'end group', '32-bit']
const wireTypeName = (wire: number) => `wire type ${wire} (${WIRE_TYPE_NAMES[wire] ?? 'invalid'})`

/**
 * The first field of a decoded message, at any depth, that the sender wrote with a wire type its
 * definition does not allow, described for the 400 answer; undefined when there is none.
 *
 * protobufjs reads a known field number with the wrong wire type as an unknown field: it skips it
 * into the message's `$unknowns` and the export looks empty (`0a 02 08 01` became one resource span
 * with nothing in it, answered 200 and stored as nothing). A field number the definition does not
 * know stays allowed, as protobuf's forward compatibility wants: a newer OTLP may add fields.
 * Walks with a stack, not recursion, like otlpBudget.ts.
 */
export function misTypedField(type: Type, message: Message): string | undefined {
  const stack: { type: Type; message: Message }[] = [{ type, message }]
  while (stack.length) {
    const { type, message } = stack.pop()!
    const unknowns = (message as { $unknowns?: Uint8Array[] }).$unknowns ?? []
    for (const raw of unknowns) {
      const tag = Reader.create(raw).uint32()
      const field = type.fieldsById[tag >>> 3]
      if (!field) continue
      const expected = wireTypeOf(field)
      const packed = field.repeated && expected !== 2 ? ' (or 2, packed)' : ''
      return `field ${field.id} ('${field.name}') of ${type.name} has ${wireTypeName(tag & 7)}; its definition needs wire type ${expected} (${WIRE_TYPE_NAMES[expected]})${packed}`
    }
    for (const field of type.fieldsArray) {
      const inner = field.resolvedType
      if (!(inner instanceof Type)) continue
      const value = (message as unknown as Record<string, unknown>)[field.name]
      const values = Array.isArray(value) ? value : value ? [value] : []
      for (const item of values) stack.push({ type: inner, message: item as Message })
    }
  }
  return undefined
}

/** The wire type a field's definition writes: scalars by their type, enums as varints, the rest delimited. */
function wireTypeOf(field: Field): number {
  if (field.resolvedType instanceof Enum) return 0
  return (types.basic as Record<string, number | undefined>)[field.type] ?? 2
}
