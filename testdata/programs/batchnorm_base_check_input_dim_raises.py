# super()._check_input_dim in a direct _BatchNorm subclass reaches _NormBase._check_input_dim, which raises NotImplementedError (eager too): torch graph-breaks "Observed exception" and the error escapes (from mattmacy/vnet.pytorch vnet.py)
import torch
import torch.nn as nn
import torch.nn.functional as F

class ContBatchNorm3d(nn.modules.batchnorm._BatchNorm):
    def _check_input_dim(self, input):
        if input.dim() != 5:
            raise ValueError('expected 5D input (got {}D input)'.format(input.dim()))
        super(ContBatchNorm3d, self)._check_input_dim(input)

    def forward(self, input):
        self._check_input_dim(input)
        return F.batch_norm(input, self.running_mean, self.running_var, self.weight, self.bias,
                            True, self.momentum, self.eps)

torch.manual_seed(0)
m = nn.Sequential(nn.Conv3d(1, 4, 3, padding=1), ContBatchNorm3d(4))
f = torch.compile(m, backend="eager")
try:
    with torch.no_grad():
        print(f(torch.randn(1, 1, 4, 8, 8)).shape)
except NotImplementedError as e:
    print("NotImplementedError", repr(e))
