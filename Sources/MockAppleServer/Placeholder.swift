import Crypto
import Hummingbird
