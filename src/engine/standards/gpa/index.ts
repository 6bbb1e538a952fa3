export { GPA2145, GPA_BASE_P_PSIA, GPA_BASE_T_F, type Gpa2145Row } from './gpa2145.js';
export { gpa2172, GPA_M_AIR, GPA_Z_AIR, MJ_M3_PER_BTU_FT3, type Gpa2172Result } from './gpa2172.js';
