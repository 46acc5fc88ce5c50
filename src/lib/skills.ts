/** The spec stores skills as comma-separated text; the modal shows each as a chip. */
export function parseSkills(skills: string): string[] {
  return skills
    .split(',')
    .map((skill) => skill.trim())
    .filter(Boolean);
}
