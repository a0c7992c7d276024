import { ConfiguracaoArredondamentoValorInputs } from '@generated/web/configuracao_arredondamento_valor/Inputs';
import { settingForms } from '../financeiro/settingForms';

export const { Create, Edit } = settingForms('value_rounding', ConfiguracaoArredondamentoValorInputs);
