import { HONEYPOT_FIELD } from "./honeypot";

/** A field people never see or reach; bots fill it in, and the server refuses those submissions. */
export function HoneypotField({ id }: { id: string }) {
  return (
    <div className="absolute -left-[9999px] h-px w-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
    </div>
  );
}
