/** The text of a control that shows none (blank space, a grid's frame). */
export const noText = () => '';
