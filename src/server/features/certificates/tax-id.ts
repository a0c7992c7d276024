/** `52998224725` → `529.982.247-25`. */
export const formatCpf = (digits: string): string => digits.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
/** `11222333000181` → `11.222.333/0001-81`. */
export const formatCnpj = (digits: string): string => digits.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5');
