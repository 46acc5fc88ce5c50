/** A member's skills are comma-separated text (docs/behaviour.md › Team); the modal shows each as a chip. */
export function parseSkills(skills: string): string[] {
  return skills
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);
}
