import styles from './chip-group.module.css';

interface ChipGroupProps<T extends string> {
  /** Read by screen readers as the group's name. */
  legend: string;
  options: readonly T[];
  // The options alone decide T, so `selected` and the callbacks keep the options' exact union.
  selected: NoInfer<T>;
  onSelect(option: NoInfer<T>): void;
  /** Visible text of a chip; the option itself by default. */
  label?(option: NoInfer<T>): string;
}

/** A row of toggle chips where exactly one is pressed (time slots, categories). */
export function ChipGroup<T extends string>({
  legend,
  options,
  selected,
  onSelect,
  label = (option) => option,
}: ChipGroupProps<T>) {
  return (
    <fieldset className={styles.chips}>
      <legend className="visually-hidden">{legend}</legend>
      {options.map((option) => (
        <button
          key={option}
          type="button"
          className={styles.chip}
          aria-pressed={selected === option}
          onClick={() => onSelect(option)}
        >
          {label(option)}
        </button>
      ))}
    </fieldset>
  );
}
