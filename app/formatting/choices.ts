/** One choice of a closed list: the value stored and the words shown for it. */
export type Choice<Value extends string = string> = { readonly value: Value; readonly label: string };

/** A list's values in its order, as a schema's enum takes them. */
export function choiceValues<Value extends string>(choices: readonly [Choice<Value>, ...Choice<Value>[]]): [Value, ...Value[]] {
  return choices.map((choice) => choice.value) as [Value, ...Value[]];
}

/** The words shown for a stored value; undefined when the value is none of the list's (an old or empty one). */
export function choiceLabel(choices: readonly Choice[], value: string | null | undefined): string | undefined {
  return choices.find((choice) => choice.value === value)?.label;
}
