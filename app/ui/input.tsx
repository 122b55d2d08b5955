import * as React from "react";

/** A text field; its look is app.css's (`[data-slot=input]`), a caller's utilities win. */
export function Input(props: React.ComponentProps<"input">) {
  return <input data-slot="input" {...props} />;
}
