// The page's "Tracker" log (outside React, so a line is never lost to a re-render).
export function log(line: string): void {
  const element = document.getElementById('log');
  if (element) element.textContent += `${new Date().toISOString().slice(11, 23)} ${line}\n`;
}
