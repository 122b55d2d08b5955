/**
 * An example website, drawn as a small SVG (no image download, fixed aspect ratio so
 * nothing shifts while the page loads). `accent` tints it per project or package.
 */
export function SiteMockup({
  label,
  accent = "#0f5c5e",
  variant = "landing",
  className,
}: {
  label: string;
  accent?: string;
  variant?: "landing" | "menu" | "booking" | "dashboard";
  className?: string;
}) {
  return (
    <svg viewBox="0 0 320 200" width="320" height="200" role="img" aria-label={label} className={className}>
      <rect x="0" y="0" width="320" height="200" rx="10" fill="#ffffff" stroke="#e4dcd1" />
      <rect x="0" y="0" width="320" height="22" rx="10" fill="#f3eee7" />
      <circle cx="14" cy="11" r="4" fill="#e0a09a" />
      <circle cx="27" cy="11" r="4" fill="#e6c98a" />
      <circle cx="40" cy="11" r="4" fill="#9cc7a4" />
      <rect x="20" y="34" width="60" height="8" rx="4" fill={accent} />
      <rect x="200" y="35" width="26" height="6" rx="3" fill="#d9d0c4" />
      <rect x="232" y="35" width="26" height="6" rx="3" fill="#d9d0c4" />
      <rect x="264" y="33" width="38" height="10" rx="5" fill={accent} />
      {variant === "landing" ? (
        <>
          <rect x="20" y="62" width="170" height="14" rx="4" fill="#1f1a17" opacity="0.85" />
          <rect x="20" y="84" width="140" height="8" rx="4" fill="#b8ada0" />
          <rect x="20" y="98" width="120" height="8" rx="4" fill="#b8ada0" />
          <rect x="20" y="118" width="70" height="18" rx="9" fill={accent} />
          <rect x="206" y="58" width="96" height="84" rx="8" fill={accent} opacity="0.18" />
          <rect x="20" y="156" width="84" height="28" rx="6" fill="#f3eee7" />
          <rect x="118" y="156" width="84" height="28" rx="6" fill="#f3eee7" />
          <rect x="216" y="156" width="84" height="28" rx="6" fill="#f3eee7" />
        </>
      ) : null}
      {variant === "menu" ? (
        <>
          <rect x="20" y="58" width="280" height="50" rx="8" fill={accent} opacity="0.2" />
          <rect x="36" y="74" width="120" height="12" rx="4" fill="#1f1a17" opacity="0.8" />
          {[0, 1, 2].map((row) => (
            <g key={row}>
              <rect x="20" y={122 + row * 22} width="150" height="8" rx="4" fill="#b8ada0" />
              <rect x="262" y={122 + row * 22} width="38" height="8" rx="4" fill={accent} />
            </g>
          ))}
        </>
      ) : null}
      {variant === "booking" ? (
        <>
          <rect x="20" y="58" width="130" height="124" rx="8" fill="#f3eee7" />
          {[0, 1, 2, 3].map((row) =>
            [0, 1, 2, 3, 4].map((column) => (
              <rect
                key={`${row}-${column}`}
                x={30 + column * 23}
                y={70 + row * 26}
                width="16"
                height="16"
                rx="4"
                fill={row === 1 && column === 2 ? accent : "#ffffff"}
              />
            )),
          )}
          {[0, 1, 2, 3].map((row) => (
            <rect key={row} x="166" y={62 + row * 30} width="134" height="22" rx="6" fill={row === 0 ? accent : "#f3eee7"} />
          ))}
        </>
      ) : null}
      {variant === "dashboard" ? (
        <>
          {[0, 1, 2].map((column) => (
            <rect key={column} x={20 + column * 96} y="58" width="84" height="40" rx="6" fill="#f3eee7" />
          ))}
          {[0, 1, 2, 3, 4, 5, 6].map((bar) => (
            <rect key={bar} x={30 + bar * 38} y={180 - (30 + ((bar * 37) % 50))} width="22" height={30 + ((bar * 37) % 50)} rx="3" fill={accent} opacity={0.5 + bar * 0.07} />
          ))}
        </>
      ) : null}
    </svg>
  );
}
