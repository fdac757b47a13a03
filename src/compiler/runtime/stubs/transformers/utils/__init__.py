"""tparse stub of transformers.utils: ModelOutput and the logging module."""
from transformers.utils import logging
from transformers.utils.generic import ModelOutput
