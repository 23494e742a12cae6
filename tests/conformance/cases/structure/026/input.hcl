name	=	"web"
