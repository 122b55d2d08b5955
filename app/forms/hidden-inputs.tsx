/** Hidden fields sent with the form (ids, `returnTo`); an array repeats the field, nothing is left out. */
export type HiddenFields = Record<string, string | number | boolean | readonly string[] | null | undefined>;

export function HiddenInputs({ fields }: { fields: HiddenFields }) {
  return (
    <>
      {Object.entries(fields).flatMap(([name, value]) => {
        if (value === null || value === undefined) return [];
        const values = Array.isArray(value) ? value : [String(value)];
        return values.map((item, index) => <input key={`${name}:${index}`} type="hidden" name={name} value={item} />);
      })}
    </>
  );
}
