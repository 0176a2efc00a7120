// The shell's own boot, unchanged.
import '../../../shell/src/main.tsx';
