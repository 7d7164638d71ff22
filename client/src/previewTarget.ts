/**
 * Which document the preview shows. Pure (no VS Code), so the rule is tested on its own.
 *
 * The preview follows the active puzzle editor. A preview restored after a window reload comes
 * back with the document it showed before (its saved state); that is only a fallback: a puzzle
 * editor that is active now, or was made active since the extension started (while the panel was
 * still being restored, or before the extension had activated at all), wins over it.
 */
export interface TargetInputs {
  /** The active text editor's document, when it is a puzzle. */
  active?: string;
  /** The puzzle document whose editor was active most recently since the extension started. */
  lastActive?: string;
  /** What the preview showed before the reload (its saved state). */
  restored?: string;
  /** Puzzle documents in visible editors, in the order VS Code lists them. */
  visible: readonly string[];
}

export function previewTarget({ active, lastActive, restored, visible }: TargetInputs): string | undefined {
  if (active) return active;
  if (lastActive) return lastActive;
  // With no puzzle editor active (the preview itself has the focus): the restored document if
  // it is on screen or nothing else is, else the puzzle that is.
  if (restored && (visible.includes(restored) || visible.length === 0)) return restored;
  return visible[0] ?? restored;
}
